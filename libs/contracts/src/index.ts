export * from './common';
export * from './constants';
export * from './envelope';
export * from './identity';
export * from './media';
export * from './messaging';
export * from './notifications';
export * from './posts';
