// The pure code lives in functions/shared/analysis so the browser's demo mode computes exactly what the server does.
export * from '../shared/analysis/local-time';
