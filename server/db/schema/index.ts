export * from './users';
export * from './projects';
export * from './audit';
export * from './bonus';
export * from './sync';
export * from './bonus-rollups';
