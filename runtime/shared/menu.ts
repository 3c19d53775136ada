/** One item of Security/Menu/GetMenu: a module group with its screens as children. */
export interface MenuItem {
  /** e.g. "/sales" or "/sales/customer"; the second path segment is the module. */
  route: string;
  /** In the request language. */
  title: string;
  /** "module.entity" for generated screens. */
  entity?: string;
  /** "module.name" of a report definition (route /{module}/report/{name}). */
  report?: string;
  children?: MenuItem[];
}
