/** Moved to common/ (the studio's publish checks uploads too); scripts keep this path. */
export * from '../../common/flow-uploads.ts';
