// Stytch's UI web component from @stytch/vanilla-js (it brings its own Preact), as Stytch's docs show
// it: a client from a public token, the element registered, then rendered with the client and a
// config. Email magic links only, like our default configuration.
import { createStytchClient, Products, StytchUI } from '@stytch/vanilla-js';

window.benchMount = (element) => {
  const client = createStytchClient('public-token-test-00000000-0000-0000-0000-000000000000');
  customElements.define('stytch-ui', StytchUI);
  const login = new StytchUI();
  element.append(login);
  login.render({
    client,
    config: {
      products: [Products.emailMagicLinks],
      emailMagicLinksOptions: { loginRedirectURL: `${location.origin}/authenticate`, signupRedirectURL: `${location.origin}/authenticate` },
    },
  });
};
