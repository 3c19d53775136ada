export { EntityGrid, type EntityGridProps } from './EntityGrid';
export { buildColumnDefs, cellFormatter, filterFor } from './columns';
export { createDatasource, toListRequest } from './datasource';
