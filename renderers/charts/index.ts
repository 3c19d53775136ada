/** SVG charts of report rows (no chart library): right to left, digits of the language. */
export { Chart, CHARTS } from './Chart';
export { BarChart, type ChartProps } from './BarChart';
export { LineChart } from './LineChart';
export { PieChart } from './PieChart';
export { barLayout, linePoints, niceMax, pieSlices } from './layout';
export { chartValue, percent, rowLabel } from './format';
export { labelEvery, prefersHorizontal, shortLabel } from './labels';
