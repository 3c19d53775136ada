export * from './kinds';
export * from './derive';
export * from './field';
export * from './specs';
export * from './multiEnum';
export * from './fields';
export * from './dateTimeText';
export * from './numberText';
