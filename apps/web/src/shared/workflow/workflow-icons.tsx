/**
 * The icon of each workflow command icon name (contract workflows/define.ts `WorkflowIcon`): the
 * same icons the desks showed before the workflow engine drew their toolbars.
 */
import type { ReactNode } from 'react';
import { CheckCircleOutlined, CheckOutlined, CloseCircleOutlined, CommentOutlined, FileSearchOutlined, SendOutlined, UserAddOutlined } from '@ant-design/icons';
import type { WorkflowIcon } from '@paydesk/contract';

export const WORKFLOW_ICONS: Record<WorkflowIcon, ReactNode> = {
  take: <UserAddOutlined />,
  comment: <CommentOutlined />,
  close: <CheckOutlined />,
  refund: <CheckCircleOutlined />,
  reject: <CloseCircleOutlined />,
  search: <FileSearchOutlined />,
  send: <SendOutlined />,
};
