/** The page's strings, merged into the catalogue from its declaration. */
export const changePasswordMessages = {
  pages: {
    changePassword: {
      menu: 'Change password',
      title: 'Change password',
      intro:
        'Choose a new password of at least 8 characters with an uppercase letter, a lowercase letter and a number.',
      oldPassword: 'Old password',
      newPassword: 'New password',
      confirmationPassword: 'Confirm new password',
      submit: 'Change password',
      success: 'Your password has been changed.',
    },
  },
};
