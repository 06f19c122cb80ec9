// The loopback OpenID provider of the server's SSO tests, reused by the Playwright spec.
export { startTestProvider, type TestProvider } from '../../apps/server/test/oidc-provider.js';
