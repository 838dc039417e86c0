export default {
  'reset.title': '找回密码',
  'reset.subtitle': '通过注册手机号接收验证码并设置新密码，重置后所有设备上的登录都将失效',
  'reset.field.newPassword': '新密码',
  'reset.submit': '重置密码',
  'reset.remembered': '想起密码了？',
};
