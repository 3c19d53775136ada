/**
 * AG Grid styled by its own CSS files (the legacy theme), not by the Theming API: the Theming API
 * injects <style> elements with text, which the server's strict Content-Security-Policy (no
 * 'unsafe-inline' for styles; server/http/securityHeaders.ts) refuses.
 */
import 'ag-grid-community/styles/ag-grid.css';
import 'ag-grid-community/styles/ag-theme-quartz.css';
import './gridTheme.css';

export const GRID_THEME = 'legacy' as const;
/** The class the grid's wrapper carries for the quartz look. */
export const GRID_THEME_CLASS = 'ag-theme-quartz';
