import { Tag } from 'antd';

const colors: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', PATCH: 'gold', DELETE: 'red' };

export function MethodTag({ method }: { method: string }) {
  return <Tag color={colors[method] ?? 'default'}>{method}</Tag>;
}
