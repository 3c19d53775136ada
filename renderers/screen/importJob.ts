/**
 * The sessionStorage key holding the id of an entity's running import job (ImportWizard.tsx): a
 * reloaded grid opens the wizard on it again. Tiny on purpose: the grid's eager code reads it.
 */
export const importJobKey = (entity: string): string => `import-job:${entity}`;
