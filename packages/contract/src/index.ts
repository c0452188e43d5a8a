export * from './common.ts';
export * from './routes.ts';
export * from './endpoints/auth.ts';
export * from './endpoints/system.ts';
export * from './endpoints/dashboard.ts';
export * from './endpoints/transactions.ts';
export * from './secure-channel.ts';
export * from './client.ts';
