// The antd components the suite uses, and only those: webpack shares this module as `antd` (one
// copy on the page for the shell and every remote, tree-shaken to these exports; see
// tools/webpack.factory.js). A component the apps import from 'antd' must be listed here —
// kits.test.ts fails otherwise. Styles come from antd's static style sheet (zero runtime).
// Table comes in a file of its own, fetched when the browser is idle (antd-lazy-table.tsx).
export { Table } from './antd-lazy-table';
export {
  Alert,
  App,
  Button,
  Checkbox,
  ConfigProvider,
  Dropdown,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Layout,
  Menu,
  Popconfirm,
  Radio,
  Select,
  Skeleton,
  Slider,
  Space,
  Spin,
  Tag,
  Tooltip,
  Typography,
} from 'antd/es/index';
