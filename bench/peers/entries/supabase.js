// Supabase's Auth component from @supabase/auth-ui-react with the Supabase client, as its docs show
// it: a client from the project's address and anon key, Auth with the Supabase theme. The magic link
// view (one email field and a button), like our default configuration.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient } from '@supabase/supabase-js';
import { Auth } from '@supabase/auth-ui-react';
import { ThemeSupa } from '@supabase/auth-ui-shared';

// A well-formed anon key (a JWT with the anon role) for a project that is not there.
const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzAwMDAwMDAwLCJleHAiOjIwMDAwMDAwMDB9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

window.benchMount = (element) => {
  const supabase = createClient('http://127.0.0.1:9', ANON_KEY);
  createRoot(element).render(h(Auth, { supabaseClient: supabase, appearance: { theme: ThemeSupa }, view: 'magic_link', providers: [] }));
};
