import {
  CalendarOutlined,
  CarOutlined,
  CloudOutlined,
  DatabaseOutlined,
  DesktopOutlined,
  DollarOutlined,
  FileOutlined,
  HomeOutlined,
  KeyOutlined,
  LaptopOutlined,
  LockOutlined,
  MailOutlined,
  MobileOutlined,
  PhoneOutlined,
  PrinterOutlined,
  QuestionCircleOutlined,
  ShoppingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import type { RequestTypeIcon } from '@casedesk/shared';

/** How each icon a request type may have is drawn (the shared `requestTypeIcons` names them; one map, one file). */
const icons: Record<RequestTypeIcon, ComponentType<{ className?: string; style?: React.CSSProperties }>> = {
  laptop: LaptopOutlined,
  desktop: DesktopOutlined,
  mobile: MobileOutlined,
  key: KeyOutlined,
  lock: LockOutlined,
  user: UserOutlined,
  team: TeamOutlined,
  shopping: ShoppingOutlined,
  dollar: DollarOutlined,
  tool: ToolOutlined,
  mail: MailOutlined,
  phone: PhoneOutlined,
  printer: PrinterOutlined,
  cloud: CloudOutlined,
  database: DatabaseOutlined,
  file: FileOutlined,
  car: CarOutlined,
  home: HomeOutlined,
  calendar: CalendarOutlined,
  question: QuestionCircleOutlined,
};

/** A request type's icon; an unknown name (never sent, but a stale cache may hold one) draws the question mark. */
export function RequestTypeIconView({ icon, size }: { icon: string; size?: number }) {
  const Icon = icons[icon as RequestTypeIcon] ?? QuestionCircleOutlined;
  return <Icon className="request-type-icon" style={size ? { fontSize: size } : undefined} />;
}
