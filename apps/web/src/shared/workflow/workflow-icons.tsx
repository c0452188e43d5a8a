/**
 * The icon of each workflow command icon name (contract workflows/define.ts `WorkflowIcon`): the
 * same icons the desks showed before the workflow engine drew their toolbars, and for the
 * rollout's pause, resume and cancel and the key's cancel and retire the usual media and stop
 * marks.
 */
import type { ReactNode } from 'react';
import {
  CheckCircleOutlined,
  CheckOutlined,
  CloseCircleOutlined,
  CommentOutlined,
  DeleteOutlined,
  FileSearchOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  SendOutlined,
  StopOutlined,
  UserAddOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { WorkflowIcon } from '@paydesk/contract';

export const WORKFLOW_ICONS: Record<WorkflowIcon, ReactNode> = {
  take: <UserAddOutlined />,
  assign: <UserSwitchOutlined />,
  comment: <CommentOutlined />,
  close: <CheckOutlined />,
  refund: <CheckCircleOutlined />,
  reject: <CloseCircleOutlined />,
  search: <FileSearchOutlined />,
  send: <SendOutlined />,
  pause: <PauseCircleOutlined />,
  resume: <PlayCircleOutlined />,
  stop: <StopOutlined />,
  retire: <DeleteOutlined />,
};
