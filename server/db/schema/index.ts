export * from './users';
export * from './projects';
export * from './audit';
export * from './bonus';
export * from './sync';
export * from './notifications';
export * from './bonus-rollups';
export * from './routing';
