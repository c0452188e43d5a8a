export * from './states.ts';
export * from './business-categories.ts';
export * from './company.ts';
export * from './banks.ts';
export * from './terminal-models.ts';
export * from './message-templates.ts';
