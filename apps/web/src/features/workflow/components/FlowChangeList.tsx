import { useTranslation } from 'react-i18next';
import { useSeededNodeName } from '../../../platform/labels/labels';
import type { FlowChange } from './flow-edit';

/**
 * What a version changes against the one before, in the reader's words (the publish dialog and the versions
 * drawer): nodes added, removed, renamed, changed or moved, seeded node names in the reader's language.
 */
export function FlowChangeList({ changes, empty }: { changes: FlowChange[]; empty: string }) {
  const { t } = useTranslation();
  const nodeName = useSeededNodeName();
  return (
    <ul className="wf-changes" style={{ margin: 0, paddingLeft: 18 }}>
      {changes.length === 0 && <li>{empty}</li>}
      {changes.map((change, i) => (
        <li key={i} className={`wf-change-${change.kind}`}>
          {change.kind === 'renamed'
            ? t('workflow.design.change.renamed', {
                before: nodeName(change.nodeId, change.before),
                name: nodeName(change.nodeId, change.name),
              })
            : t(`workflow.design.change.${change.kind}`, {
                type: t(`workflow.node.type.${change.nodeType}`),
                name: nodeName(change.nodeId, change.name),
              })}
        </li>
      ))}
    </ul>
  );
}
