// Moved to components/ui so trip plans share it; plan's imports keep working through this re-export.
export { controlClass, FormField, type ControlProps } from '@/components/ui/form-field';
