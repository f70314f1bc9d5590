export { ToastProvider, TOAST_DURATION_MS, type ToastApi, type ToastKind } from './toast-provider';
export { useToast } from './use-toast';
