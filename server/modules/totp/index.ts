/** The totp module's public entry: other modules and the app import only what is named here. */
export { countCodeAttempt } from './count-code-attempt';
export { challengeOwner, issueLoginChallenge, spendChallenge, type TotpChallenge } from './login-challenge';
export { acceptSecondFactor } from './second-factor';
export { default as totpRoutes } from './routes';
