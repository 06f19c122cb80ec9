import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  CheckCircleOutlined,
  CloudUploadOutlined,
  ExclamationCircleOutlined,
  SaveOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Alert, App, Badge, Button, Card, Input, Modal, Popover, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { validateFlowChart, type FlowNode, type WorkflowType } from '@casedesk/shared';
import { useSaveFailure, useServerText } from '../../../platform/crud/failure';
import { labelLanguage } from '../../../platform/custom-field-language';
import { ApiError } from '../../../platform/http/client';
import { usePermissions } from '../../../platform/permission';
import { usePublishWorkflow, useSaveWorkflow, useWorkflowVersions, workflowApi, type WorkflowRecord } from '../api';
import {
  addBranch,
  createNode,
  findNode,
  flowChanges,
  initialFlowChart,
  insertNode,
  isBranchNode,
  moveBranch,
  removeBranch,
  removeNode,
  updateBranch,
  updateNode,
  withBranchIds,
  type AddableType,
  type BranchNodeType,
  type FlowChange,
  type InsertPoint,
  type NewNodeNames,
} from './flow-edit';
import { FlowChangeList } from './FlowChangeList';
import { FlowTree, type FlowTreeEdits, type Selection } from './FlowTree';
import { BranchDrawer, NodeDrawer } from './NodeDrawer';
import { useRecordFields, WorkflowStatusTag } from './node-texts';
import { problemsByNode, refusedNodes, useProblemText } from './problems';
import { useSeededNodes } from './seeded-flow';

const zoomSteps = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5];

function useNewNodeNames(): NewNodeNames {
  const { t } = useTranslation();
  return {
    node: (type) => t(`workflow.node.defaultName.${type}`),
    branch: (type, index) =>
      type === 'condition'
        ? t('workflow.node.defaultName.conditionBranch', { n: index })
        : t('workflow.node.defaultName.parallelBranch', { n: index }),
    defaultBranch: t('workflow.node.defaultName.defaultBranch'),
  };
}

/** The designer of one definition: the tree, a property drawer per node, validation, zoom, save and publish. */
export function Designer({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = workflowApi.useDetail(id);
  if (detail.isError) return <Alert type="error" showIcon title={t('crud.loadFailed')} />;
  if (!detail.data) return <Spin style={{ display: 'block', margin: '96px auto' }} />;
  return <DesignerLoaded record={detail.data} reload={() => void detail.refetch()} />;
}

function DesignerLoaded({ record: loaded, reload }: { record: WorkflowRecord; reload: () => void }) {
  const { t, i18n } = useTranslation();
  const seeded = useSeededNodes();
  const { message, modal } = App.useApp();
  const { has } = usePermissions();
  const names = useNewNodeNames();
  const problemText = useProblemText();
  const serverText = useServerText();
  const saveFailure = useSaveFailure();
  const save = useSaveWorkflow();
  const publish = usePublishWorkflow();
  const versions = useWorkflowVersions(loaded.code);
  const type: WorkflowType = loaded.type;
  const [record, setRecord] = useState(loaded);
  // Branch ids given to a graph saved without them are no change of the user's (the baseline has them too).
  const [initial] = useState(() => withBranchIds(loaded.flowChart));
  const [chart, setChart] = useState<FlowNode>(
    () =>
      initial ??
      initialFlowChart({ start: t('workflow.node.defaultName.start'), end: t('workflow.node.defaultName.end') }),
  );
  const [savedChart, setSavedChart] = useState<string>(() => JSON.stringify(initial));
  const [selection, setSelection] = useState<Selection>(null);
  const [zoom, setZoom] = useState(1);
  const [refused, setRefused] = useState<Map<string, string[]>>(new Map());
  const [publishing, setPublishing] = useState(false);
  const editable = has('workflow:edit') && record.status !== 'Disabled';
  const dirty = JSON.stringify(chart) !== savedChart;

  // A newer record from the server (after a reload) replaces what is shown only when nothing is unsaved.
  useEffect(() => setRecord((current) => (loaded.rowVersion > current.rowVersion ? loaded : current)), [loaded]);

  // Closing or reloading the browser tab with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // The same rules as Publish, custom fields (`custom.<key>`) included, named in the reader's language.
  const { definitions } = useRecordFields(type);
  const language = labelLanguage(i18n.language);
  const problems = useMemo(
    () => validateFlowChart(chart, type, { customFields: definitions, language }),
    [chart, type, definitions, language],
  );
  const marks = useMemo(() => {
    const byNode = problemsByNode(problems, problemText);
    for (const [nodeId, texts] of refused) byNode.set(nodeId, [...(byNode.get(nodeId) ?? []), ...texts]);
    return byNode;
    // `t` changes with the language: the marks are translated again.
  }, [problems, refused, problemText, t]);
  const graphProblems = marks.get('') ?? [];

  const edit = useCallback((change: (root: FlowNode) => FlowNode) => {
    setChart((root) => change(root));
    setRefused(new Map());
  }, []);

  const edits: FlowTreeEdits | null = editable
    ? {
        select: setSelection,
        insert: (at: InsertPoint, nodeType: AddableType) => {
          const node = createNode(chart, nodeType, names);
          edit((root) => insertNode(root, at, node));
          // A new approver or CC opens its drawer: it needs to know who.
          if (nodeType === 'approver' || nodeType === 'cc') setSelection({ nodeId: node.id });
        },
        removeNode: (nodeId) => {
          setSelection(null);
          edit((root) => removeNode(root, nodeId));
        },
        addBranch: (nodeId) =>
          edit((root) => {
            const owner = findNode(root, nodeId);
            if (!owner || !isBranchNode(owner)) return root;
            const count = owner.branches.filter((b) => !b.isDefault).length + 1;
            return addBranch(root, nodeId, names.branch(owner.type as BranchNodeType, count));
          }),
        moveBranch: (nodeId, branchId, delta) => edit((root) => moveBranch(root, nodeId, branchId, delta)),
        removeBranch: (nodeId, branchId) => {
          setSelection(null);
          edit((root) => removeBranch(root, nodeId, branchId));
        },
      }
    : null;

  const saveDraft = async (): Promise<WorkflowRecord | null> => {
    try {
      const saved = await save.mutateAsync({ id: record.id, rowVersion: record.rowVersion, flowChart: chart });
      setRecord(saved);
      setSavedChart(JSON.stringify(chart));
      return saved;
    } catch (error) {
      saveFailure(error, undefined, reload);
      return null;
    }
  };

  const latest = versions.data?.reduce<(typeof versions.data)[number] | null>(
    (newest, v) => (!newest || v.version > newest.version ? v : newest),
    null,
  );

  const runPublish = async (note: string) => {
    const current = dirty ? await saveDraft() : record;
    if (!current) return;
    try {
      const published = await publish.mutateAsync({ id: current.id, rowVersion: current.rowVersion, note });
      setRecord(published);
      setSavedChart(JSON.stringify(chart));
      setPublishing(false);
      void message.success(t('workflow.design.published', { version: published.version }));
    } catch (error) {
      setPublishing(false);
      if (!(error instanceof ApiError) || error.kind !== 'http' || error.status === 403) return;
      if (error.status === 400) {
        setRefused(refusedNodes(error, chart, serverText, seeded.nodeName));
        modal.error({ title: t('workflow.design.publishRefused'), content: serverText(error), okText: t('common.ok') });
      } else saveFailure(error, undefined, reload);
    }
  };

  const selectedNode = selection ? findNode(chart, selection.nodeId) : undefined;
  const selectedBranch =
    selection?.branchId && selectedNode && isBranchNode(selectedNode)
      ? selectedNode.branches.find((b) => b.id === selection.branchId)
      : undefined;

  const zoomAt = zoomSteps.indexOf(zoom);
  return (
    <Card variant="borderless" className="wf-designer">
      <div className="wf-toolbar">
        <Space wrap size={8}>
          <Typography.Title level={4} style={{ margin: 0 }} className="wf-designer-title">
            {seeded.workflowName(record.code, record.name)}
          </Typography.Title>
          <Typography.Text type="secondary">{record.code}</Typography.Text>
          <Tag>{t(`workflow.type.${type}`)}</Tag>
          <WorkflowStatusTag status={record.status} />
          {record.version > 0 && (
            <Tag color="blue">{t('workflow.definition.versionN', { version: record.version })}</Tag>
          )}
          {dirty && <Badge status="warning" text={t('workflow.design.unsaved')} className="wf-unsaved" />}
        </Space>
        <Space wrap size={8}>
          <Space.Compact>
            <Tooltip title={t('workflow.design.zoomOut')}>
              <Button
                icon={<ZoomOutOutlined />}
                className="wf-zoom-out"
                aria-label={t('workflow.design.zoomOut')}
                disabled={zoomAt <= 0}
                onClick={() => setZoom(zoomSteps[zoomAt - 1] ?? zoom)}
              />
            </Tooltip>
            <Tooltip title={t('workflow.design.zoomReset')}>
              <Button className="wf-zoom-percent" onClick={() => setZoom(1)}>
                {Math.round(zoom * 100)}%
              </Button>
            </Tooltip>
            <Tooltip title={t('workflow.design.zoomIn')}>
              <Button
                icon={<ZoomInOutlined />}
                className="wf-zoom-in"
                aria-label={t('workflow.design.zoomIn')}
                disabled={zoomAt >= zoomSteps.length - 1}
                onClick={() => setZoom(zoomSteps[zoomAt + 1] ?? zoom)}
              />
            </Tooltip>
          </Space.Compact>
          <ProblemsButton
            count={problems.length + [...refused.values()].flat().length}
            texts={[...marks.values()].flat()}
          />
          {editable && (
            <>
              <Button
                icon={<SaveOutlined />}
                className="wf-save"
                loading={save.isPending && !publishing}
                disabled={!dirty}
                onClick={() =>
                  void saveDraft().then((saved) => saved && void message.success(t('workflow.design.saved')))
                }
              >
                {t('workflow.design.saveDraft')}
              </Button>
              <Button
                type="primary"
                icon={<CloudUploadOutlined />}
                className="wf-publish"
                onClick={() => {
                  if (problems.length > 0) {
                    void message.error(t('workflow.design.fixFirst', { count: problems.length }));
                    return;
                  }
                  setPublishing(true);
                }}
              >
                {t('workflow.design.publish')}
              </Button>
            </>
          )}
        </Space>
      </div>
      {record.status === 'Disabled' && (
        <Alert type="warning" showIcon title={t('workflow.design.disabledReadOnly')} style={{ marginBottom: 12 }} />
      )}
      {graphProblems.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="wf-graph-problems"
          title={graphProblems.map((text) => (
            <div key={text}>{text}</div>
          ))}
          style={{ marginBottom: 12 }}
        />
      )}
      <FlowTree
        root={chart}
        type={type}
        edits={edits}
        onSelect={setSelection}
        selection={selection}
        problems={marks}
        zoom={zoom}
        rename={seeded.nodeName}
      />
      {selectedNode && !selection?.branchId && (
        <NodeDrawer
          key={selectedNode.id}
          readOnly={!editable}
          node={selectedNode}
          type={type}
          problems={marks.get(selectedNode.id) ?? []}
          onChange={(node) => edit((root) => updateNode(root, node.id, () => node))}
          onRemove={
            selectedNode.type === 'start' || selectedNode.type === 'end'
              ? null
              : () => {
                  setSelection(null);
                  edit((root) => removeNode(root, selectedNode.id));
                }
          }
          onClose={() => setSelection(null)}
        />
      )}
      {selectedNode && selectedBranch && isBranchNode(selectedNode) && (
        <BranchDrawer
          key={selectedBranch.id}
          readOnly={!editable}
          branch={selectedBranch}
          ownerType={selectedNode.type}
          type={type}
          onChange={(branch) =>
            edit((root) => updateBranch(root, selectedNode.id, selectedBranch.id ?? '', () => branch))
          }
          onClose={() => setSelection(null)}
        />
      )}
      {publishing && (
        <PublishModal
          changes={flowChanges(latest?.flowChart ?? null, chart)}
          nextVersion={record.version + 1}
          saving={save.isPending || publish.isPending}
          onOk={(note) => void runPublish(note)}
          onClose={() => setPublishing(false)}
        />
      )}
    </Card>
  );
}

function ProblemsButton({ count, texts }: { count: number; texts: string[] }) {
  const { t } = useTranslation();
  if (count === 0)
    return (
      <Tag icon={<CheckCircleOutlined />} color="success" className="wf-valid">
        {t('workflow.design.valid')}
      </Tag>
    );
  return (
    <Popover
      title={t('workflow.design.problems', { count })}
      content={
        <ul className="wf-problem-list" style={{ margin: 0, paddingLeft: 18, maxWidth: 420 }}>
          {texts.map((text, i) => (
            <li key={i}>{text}</li>
          ))}
        </ul>
      }
    >
      <Tag icon={<ExclamationCircleOutlined />} color="error" className="wf-invalid-count">
        {t('workflow.design.problems', { count })}
      </Tag>
    </Popover>
  );
}

/** The confirmation of a publish: what changes against the latest version, and a note. */
function PublishModal({
  changes,
  nextVersion,
  saving,
  onOk,
  onClose,
}: {
  changes: FlowChange[];
  nextVersion: number;
  saving: boolean;
  onOk: (note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <Modal
      open
      className="wf-publish-confirm"
      title={t('workflow.design.publishTitle', { version: nextVersion })}
      okText={t('workflow.design.publish')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => onOk(note.trim())}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('workflow.design.publishText')}</Typography.Paragraph>
      <Typography.Text strong>{t('workflow.design.changes')}</Typography.Text>
      <FlowChangeList changes={changes} empty={t('workflow.design.noChanges')} />
      <Input.TextArea
        className="wf-publish-note"
        placeholder={t('workflow.design.notePlaceholder')}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        maxLength={500}
        autoSize={{ minRows: 2, maxRows: 4 }}
      />
    </Modal>
  );
}
