/**
 * The embedded database cannot be opened, for a reason the operator resolves (another server has
 * it open, or its folder is open to other accounts): said in one sentence, without a stack.
 */
export class EmbeddedDatabaseRefused extends Error {}
