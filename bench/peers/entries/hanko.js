// Hanko's <hanko-auth> web component from @teamhanko/hanko-elements (it brings its own Preact), as
// Hanko's docs show it: register() with the Hanko API's address defines the elements, then the
// element goes into the page.
import { register } from '@teamhanko/hanko-elements';

window.benchMount = async (element) => {
  await register('http://127.0.0.1:9');
  element.append(document.createElement('hanko-auth'));
};
