// Amplify's Authenticator from @aws-amplify/ui-react, as Amplify's docs show it: Amplify.configure
// with the backend's outputs, the component's stylesheet, the Authenticator around the app. The
// outputs name a user pool that does not exist, signing in by email.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { Amplify } from 'aws-amplify';
import { Authenticator } from '@aws-amplify/ui-react';
import '@aws-amplify/ui-react/styles.css';

const outputs = {
  version: '1.4',
  auth: {
    aws_region: 'us-east-1',
    user_pool_id: 'us-east-1_AAAAAAAAA',
    user_pool_client_id: '00000000000000000000000000',
    username_attributes: ['email'],
    standard_required_attributes: ['email'],
    user_verification_types: ['email'],
    password_policy: { min_length: 8, require_lowercase: true, require_numbers: true, require_symbols: true, require_uppercase: true },
  },
};

window.benchMount = (element) => {
  Amplify.configure(outputs);
  createRoot(element).render(h(Authenticator, null, ({ user }) => h('main', null, `Hello ${user?.username}`)));
};
