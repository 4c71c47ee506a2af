import { Badge } from '../../../../components/ui/badge';
import { DEVELOPMENT_STATUS_BADGES, DEVELOPMENT_STATUS_LABELS, type DevelopmentStatus } from '../types';

export function DevelopmentStatusBadge({ status }: { status: DevelopmentStatus }) {
  return <Badge variant={DEVELOPMENT_STATUS_BADGES[status]}>{DEVELOPMENT_STATUS_LABELS[status]}</Badge>;
}
