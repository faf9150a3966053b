import path from "node:path";

/**
 * What e2e/auth.setup.ts leaves for the specs in the run's own data folder (playwright.config.ts
 * chooses it, and deletes it after the run): the seeded admin's signed-in browser state, which the
 * UI projects start from (`storageState`), and a /v1 token of theirs. Functions, since the config
 * sets QUIRE_E2E_DATA_DIR after its imports are evaluated.
 */
const dataDir = () => process.env.QUIRE_E2E_DATA_DIR ?? ".data/e2e";
export const adminStatePath = () => path.resolve(dataDir(), "e2e-admin-state.json");
export const adminTokenPath = () => path.resolve(dataDir(), "e2e-admin-token");
