/** The shared UI kit. Import from '@web/components/ui'. */
export { Badge, type BadgeTone } from './badge';
export { Button, buttonStyles, type ButtonProps, type ButtonVariant } from './button';
export { Card, CardBody, CardFooter, CardHeader } from './card';
export { Checkbox } from './checkbox';
export { ConfirmProvider, useConfirm } from './confirm-dialog';
export { Dialog } from './dialog';
export { EmptyState } from './empty-state';
export { ErrorState } from './error-state';
export { focusRing } from './focus-ring';
export { Input, Textarea, type InputProps } from './input';
export { Pagination } from './pagination';
export { Select } from './select';
export { LoadingState, Spinner } from './spinner';
export { StatCard } from './stat-card';
export {
  SortableHeaderCell,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableMessageRow,
  TableRow,
} from './table';
export { SecretOnceDialog } from './secret-once-dialog';
export { TechnicalDetails } from './technical-details';
