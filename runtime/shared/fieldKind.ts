/**
 * Field kinds (runtime/shared/fieldKinds/): the one place a field's type is worked out, displayed,
 * parsed and filtered. The union alone, with no display code, is in fieldKinds/kinds.ts (for modules
 * that must stay small, e.g. what the login route loads).
 */
export * from './fieldKinds/index';
