// Stytch's login component from @stytch/react (rendered by the host's React), as its README shows
// it: the client passed to StytchProvider, StytchLogin inside. Email magic links only, like our
// default configuration.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createStytchClient, Products, StytchLogin, StytchProvider } from '@stytch/react';

const config = {
  products: [Products.emailMagicLinks],
  emailMagicLinksOptions: { loginRedirectURL: `${location.origin}/authenticate`, signupRedirectURL: `${location.origin}/authenticate` },
};
window.benchMount = (element) => {
  const stytch = createStytchClient('public-token-test-00000000-0000-0000-0000-000000000000');
  createRoot(element).render(h(StytchProvider, { stytch }, h(StytchLogin, { config })));
};
