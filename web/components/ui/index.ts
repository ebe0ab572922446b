/** The shared UI kit. Import from '@web/components/ui'. */
export { Badge, type BadgeTone } from './badge';
export { Button, buttonStyles, type ButtonProps, type ButtonVariant } from './button';
export { Card, CardBody, CardFooter, CardHeader } from './card';
export { Checkbox } from './checkbox';
export { ConfirmDialog, ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-dialog';
export { Dialog } from './dialog';
export { EmptyState } from './empty-state';
export { ErrorState } from './error-state';
export { Field, controlStyles } from './field';
export { focusRing } from './focus-ring';
export { Input, Textarea } from './input';
export { Pagination, pageWindow } from './pagination';
export { Select, type SelectOption } from './select';
export { LoadingState, Spinner } from './spinner';
export { StatCard, MISSING_VALUE, MISSING_VALUE_HINT } from './stat-card';
export {
  SortableHeaderCell,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableMessageRow,
  TableRow,
  type SortDirection,
} from './table';
