import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readPageConfig } from './page-config';
import { consoleClient } from './session/console-client';
import { App } from './shell/App';
import './styles.css';

const config = readPageConfig();
createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <App config={config} client={consoleClient(config)} />
  </StrictMode>,
);
