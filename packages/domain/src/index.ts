export * from './enums.ts';
export * from './money.ts';
export * from './dates.ts';
export * from './cards.ts';
export * from './navigation.ts';
export * from './permissions.ts';
export * from './errors.ts';
