// The hosted service, for embedding and tests: start it from a configuration.
export { createApp } from './app.js';
export { type Config, loadConfig } from './config.js';
export { type RunningServer, startServer } from './server.js';
