import type { ImportField, ImportTarget } from '@casedesk/shared';

/**
 * The labels the web shows for each target's fields (its features' locale files, taken over once), so a
 * sheet headed in any of the three languages maps itself.
 */
export const importLabels: Record<ImportTarget, Record<string, ImportField['labels']>> = {
  Ticket: {
    caseNumber: {
      en: 'Case number',
      'zh-cn': '工单编号',
      'zh-tw': '工單編號',
    },
    subject: {
      en: 'Subject',
      'zh-cn': '主题',
      'zh-tw': '主旨',
    },
    content: {
      en: 'Content',
      'zh-cn': '内容',
      'zh-tw': '內容',
    },
    categoryId: {
      en: 'Category',
      'zh-cn': '类别',
      'zh-tw': '類別',
    },
    projectId: {
      en: 'Project',
      'zh-cn': '项目',
      'zh-tw': '專案',
    },
    companyId: {
      en: 'Company',
      'zh-cn': '公司',
      'zh-tw': '公司',
    },
    businessUnit: {
      en: 'Business unit',
      'zh-cn': '业务单元',
      'zh-tw': '業務單位',
    },
    priority: {
      en: 'Priority',
      'zh-cn': '优先级',
      'zh-tw': '優先順序',
    },
    ticketType: {
      en: 'Ticket type',
      'zh-cn': '工单类型',
      'zh-tw': '工單類型',
    },
    ticketFrom: {
      en: 'Ticket from',
      'zh-cn': '工单来源',
      'zh-tw': '工單來源',
    },
    subjectType: {
      en: 'Subject type',
      'zh-cn': '主题类型',
      'zh-tw': '主旨類型',
    },
    customer: {
      en: 'Customer name',
      'zh-cn': '客户名称',
      'zh-tw': '客戶名稱',
    },
    customerEmail: {
      en: 'Customer e-mail',
      'zh-cn': '客户邮箱',
      'zh-tw': '客戶電子郵件',
    },
    telephone: {
      en: 'Telephone',
      'zh-cn': '电话',
      'zh-tw': '電話',
    },
    firstName: {
      en: 'First name',
      'zh-cn': '名',
      'zh-tw': '名',
    },
    lastName: {
      en: 'Last name',
      'zh-cn': '姓',
      'zh-tw': '姓',
    },
    emails: {
      en: 'E-mails',
      'zh-cn': '邮件地址',
      'zh-tw': '郵件地址',
    },
    assignTo: {
      en: 'Assigned to',
      'zh-cn': '处理人',
      'zh-tw': '處理人',
    },
    privateTicket: {
      en: 'Private ticket',
      'zh-cn': '私密工单',
      'zh-tw': '私密工單',
    },
    scheduledDate: {
      en: 'Scheduled date',
      'zh-cn': '计划日期',
      'zh-tw': '排程日期',
    },
    status: {
      en: 'Status',
      'zh-cn': '状态',
      'zh-tw': '狀態',
    },
  },
  User: {
    loginName: {
      en: 'Login name',
      'zh-cn': '登录名',
      'zh-tw': '登入名稱',
    },
    realName: {
      en: 'First name',
      'zh-cn': '名',
      'zh-tw': '名字',
    },
    lastName: {
      en: 'Last name',
      'zh-cn': '姓',
      'zh-tw': '姓氏',
    },
    fullName: {
      en: 'Full name',
      'zh-cn': '全名',
      'zh-tw': '全名',
    },
    email: {
      en: 'E-mail',
      'zh-cn': '邮箱',
      'zh-tw': '電子郵件',
    },
    mobile: {
      en: 'Mobile',
      'zh-cn': '手机',
      'zh-tw': '手機',
    },
    password: {
      en: 'Password',
      'zh-cn': '密码',
      'zh-tw': '密碼',
    },
    status: {
      en: 'Status',
      'zh-cn': '状态',
      'zh-tw': '狀態',
    },
    deptId: {
      en: 'Department',
      'zh-cn': '部门',
      'zh-tw': '部門',
    },
    positionId: {
      en: 'Position',
      'zh-cn': '职位',
      'zh-tw': '職位',
    },
    roles: {
      en: 'Roles',
      'zh-cn': '角色',
      'zh-tw': '角色',
    },
    projects: {
      en: 'Projects',
      'zh-cn': '项目',
      'zh-tw': '專案',
    },
    userType: {
      en: 'User type',
      'zh-cn': '用户类型',
      'zh-tw': '使用者類型',
    },
    language: {
      en: 'Language',
      'zh-cn': '语言',
      'zh-tw': '語言',
    },
    timeZone: {
      en: 'Time zone',
      'zh-cn': '时区',
      'zh-tw': '時區',
    },
    location: {
      en: 'Location',
      'zh-cn': '地点',
      'zh-tw': '地點',
    },
    jobTitle: {
      en: 'Job title',
      'zh-cn': '职务',
      'zh-tw': '職稱',
    },
    escalation: {
      en: 'Escalation contact',
      'zh-cn': '升级联系人',
      'zh-tw': '升級聯絡人',
    },
    remark: {
      en: 'Remark',
      'zh-cn': '备注',
      'zh-tw': '備註',
    },
    privateTicket: {
      en: 'Private tickets',
      'zh-cn': '私有工单',
      'zh-tw': '私人工單',
    },
    canEmail: {
      en: 'Can send e-mail',
      'zh-cn': '可发送邮件',
      'zh-tw': '可傳送電子郵件',
    },
    incidentEmailNotify: {
      en: 'Incident e-mail notifications',
      'zh-cn': '事件邮件通知',
      'zh-tw': '事件電子郵件通知',
    },
    needToChangePwd: {
      en: 'Must change the password at the next sign-in',
      'zh-cn': '下次登录时必须修改密码',
      'zh-tw': '下次登入時必須變更密碼',
    },
  },
  Company: {
    code: {
      en: 'Company code',
      'zh-cn': '公司代码',
      'zh-tw': '公司代碼',
    },
    name: {
      en: 'Company name',
      'zh-cn': '公司名称',
      'zh-tw': '公司名稱',
    },
    shortName: {
      en: 'Short name',
      'zh-cn': '简称',
      'zh-tw': '簡稱',
    },
    companyType: {
      en: 'Company type',
      'zh-cn': '公司类型',
      'zh-tw': '公司類型',
    },
    userType: {
      en: 'User type',
      'zh-cn': '用户类型',
      'zh-tw': '使用者類型',
    },
    businessUnit: {
      en: 'Business unit',
      'zh-cn': '业务单元',
      'zh-tw': '業務單位',
    },
    scale: {
      en: 'Size',
      'zh-cn': '规模',
      'zh-tw': '規模',
    },
    linkMan: {
      en: 'Contact person',
      'zh-cn': '联系人',
      'zh-tw': '聯絡人',
    },
    contact: {
      en: 'Contact details',
      'zh-cn': '联系方式',
      'zh-tw': '聯絡方式',
    },
    phone: {
      en: 'Phone',
      'zh-cn': '电话',
      'zh-tw': '電話',
    },
    linkTel: {
      en: 'Contact phone',
      'zh-cn': '联系电话',
      'zh-tw': '聯絡電話',
    },
    email: {
      en: 'E-mail',
      'zh-cn': '邮箱',
      'zh-tw': '電子郵件',
    },
    fax: {
      en: 'Fax',
      'zh-cn': '传真',
      'zh-tw': '傳真',
    },
    region: {
      en: 'Region',
      'zh-cn': '地区',
      'zh-tw': '地區',
    },
    postCode: {
      en: 'Postcode',
      'zh-cn': '邮编',
      'zh-tw': '郵遞區號',
    },
    address: {
      en: 'Address',
      'zh-cn': '地址',
      'zh-tw': '地址',
    },
    legalPerson: {
      en: 'Legal representative',
      'zh-cn': '法人代表',
      'zh-tw': '法定代表人',
    },
    source: {
      en: 'Source',
      'zh-cn': '来源',
      'zh-tw': '來源',
    },
    description: {
      en: 'Description',
      'zh-cn': '描述',
      'zh-tw': '描述',
    },
    sort: {
      en: 'Sort order',
      'zh-cn': '排序',
      'zh-tw': '排序',
    },
    status: {
      en: 'Status',
      'zh-cn': '状态',
      'zh-tw': '狀態',
    },
    industryId: {
      en: 'Industry',
      'zh-cn': '行业',
      'zh-tw': '產業',
    },
  },
  Vendor: {
    vendorCode: {
      en: 'Vendor code',
      'zh-cn': '供应商代码',
      'zh-tw': '供應商代碼',
    },
    vendorName: {
      en: 'Vendor name',
      'zh-cn': '供应商名称',
      'zh-tw': '供應商名稱',
    },
    companyId: {
      en: 'Company',
      'zh-cn': '公司',
      'zh-tw': '公司',
    },
    emailAddress: {
      en: 'E-mail',
      'zh-cn': '邮箱',
      'zh-tw': '電子郵件',
    },
    paymentMethod: {
      en: 'Payment method',
      'zh-cn': '付款方式',
      'zh-tw': '付款方式',
    },
    paymentTerm: {
      en: 'Payment term',
      'zh-cn': '付款期限',
      'zh-tw': '付款條件',
    },
    glAccount: {
      en: 'GL account',
      'zh-cn': '总账科目',
      'zh-tw': '總帳科目',
    },
    description: {
      en: 'Description',
      'zh-cn': '描述',
      'zh-tw': '描述',
    },
    status: {
      en: 'Status',
      'zh-cn': '状态',
      'zh-tw': '狀態',
    },
  },
  Category: {
    categoryCode: {
      en: 'Category code',
      'zh-cn': '类别代码',
      'zh-tw': '類別代碼',
    },
    categoryDescription: {
      en: 'Description',
      'zh-cn': '描述',
      'zh-tw': '描述',
    },
    categoryStatus: {
      en: 'Status',
      'zh-cn': '状态',
      'zh-tw': '狀態',
    },
    newTicketAssignee: {
      en: 'Default assignee',
      'zh-cn': '默认处理人',
      'zh-tw': '預設處理人',
    },
    projectIds: {
      en: 'Projects',
      'zh-cn': '项目',
      'zh-tw': '專案',
    },
  },
  Project: {
    projectCode: {
      en: 'Project code',
      'zh-cn': '项目代码',
      'zh-tw': '專案代碼',
    },
    projectName: {
      en: 'Project name',
      'zh-cn': '项目名称',
      'zh-tw': '專案名稱',
    },
    projectDescription: {
      en: 'Description',
      'zh-cn': '描述',
      'zh-tw': '描述',
    },
    projectStatus: {
      en: 'Status',
      'zh-cn': '状态',
      'zh-tw': '狀態',
    },
    activeAt: {
      en: 'Active from',
      'zh-cn': '启用日期',
      'zh-tw': '啟用日期',
    },
    inActiveAt: {
      en: 'Inactive from',
      'zh-cn': '停用日期',
      'zh-tw': '停用日期',
    },
    businessUnit: {
      en: 'Business unit',
      'zh-cn': '业务单元',
      'zh-tw': '業務單位',
    },
    companyIds: {
      en: 'Companies',
      'zh-cn': '公司',
      'zh-tw': '公司',
    },
  },
  Region: {
    code: {
      en: 'Code',
      'zh-cn': '编码',
      'zh-tw': '代碼',
    },
    name: {
      en: 'Name',
      'zh-cn': '名称',
      'zh-tw': '名稱',
    },
    pinyin: {
      en: 'Pinyin',
      'zh-cn': '拼音',
      'zh-tw': '拼音',
    },
    zipCode: {
      en: 'Zip code',
      'zh-cn': '邮编',
      'zh-tw': '郵遞區號',
    },
    parentCode: {
      en: 'Parent region',
      'zh-cn': '上级区域',
      'zh-tw': '上層區域',
    },
    type: {
      en: 'Level',
      'zh-cn': '层级',
      'zh-tw': '層級',
    },
    sort: {
      en: 'Sort',
      'zh-cn': '排序',
      'zh-tw': '排序',
    },
  },
  OpenItem: {
    serial: {
      en: 'No.',
      'zh-cn': '序号',
      'zh-tw': '序號',
    },
    ticketId: {
      en: 'Ticket',
      'zh-cn': '工单',
      'zh-tw': '工單',
    },
    description: {
      en: 'Description',
      'zh-cn': '描述',
      'zh-tw': '描述',
    },
    status: {
      en: 'Status',
      'zh-cn': '状态',
      'zh-tw': '狀態',
    },
    priority: {
      en: 'Priority',
      'zh-cn': '优先级',
      'zh-tw': '優先級',
    },
    taskCategory: {
      en: 'Task category',
      'zh-cn': '任务类别',
      'zh-tw': '任務類別',
    },
    projectId: {
      en: 'Project',
      'zh-cn': '项目',
      'zh-tw': '專案',
    },
    pointOfContact: {
      en: 'Point of contact',
      'zh-cn': '联系人',
      'zh-tw': '聯絡人',
    },
    openDate: {
      en: 'Open date',
      'zh-cn': '开始日期',
      'zh-tw': '開始日期',
    },
    approvedDate: {
      en: 'Approved date',
      'zh-cn': '批准日期',
      'zh-tw': '核准日期',
    },
    loe: {
      en: 'LOE (hours)',
      'zh-cn': '工作量（小时）',
      'zh-tw': '工作量（小時）',
    },
    comment: {
      en: 'Comment',
      'zh-cn': '备注',
      'zh-tw': '備註',
    },
  },
  DictionaryItem: {
    dictionaryCode: {
      en: 'Code',
      'zh-cn': '编码',
      'zh-tw': '代碼',
    },
    key: {
      en: 'Key',
      'zh-cn': '键',
      'zh-tw': '鍵',
    },
    name: {
      en: 'Item name',
      'zh-cn': '项名称',
      'zh-tw': '項目名稱',
    },
    value: {
      en: 'Value',
      'zh-cn': '值',
      'zh-tw': '值',
    },
    parentKey: {
      en: 'Parent',
      'zh-cn': '上级',
      'zh-tw': '上層',
    },
    sort: {
      en: 'Sort',
      'zh-cn': '排序',
      'zh-tw': '排序',
    },
    enable: {
      en: 'Enabled',
      'zh-cn': '启用',
      'zh-tw': '啟用',
    },
  },
};
