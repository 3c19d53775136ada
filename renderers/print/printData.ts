/** The print model moved to runtime/shared/print (the server's PDF draws it too). */
export * from '../../runtime/shared/print/printData';
