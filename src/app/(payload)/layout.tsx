/* THIS FILE WAS GENERATED AUTOMATICALLY BY PAYLOAD. */
/* DO NOT MODIFY IT BECAUSE IT COULD BE REWRITTEN AT ANY TIME. */
// Changed by the project: server functions answer refusals with their status, and copy locale
// data without logging them (src/lib/server-functions.ts); keep that if Payload writes this again.
import config from '@payload-config'
import '@payloadcms/next/css'
import type { ServerFunctionClient } from 'payload'
import { handleServerFunctions, RootLayout } from '@payloadcms/next/layouts'
import React from 'react'

import { answeringRefusals, PROJECT_SERVER_FUNCTIONS } from '@/lib/server-functions'

import { importMap } from './admin/importMap.js'
import './custom.scss'

type Args = {
  children: React.ReactNode
}

const serverFunction: ServerFunctionClient = async function (args) {
  'use server'
  return answeringRefusals(() =>
    handleServerFunctions({
      ...args,
      config,
      importMap,
      serverFunctions: PROJECT_SERVER_FUNCTIONS,
    }),
  )
}

const Layout = ({ children }: Args) => (
  <RootLayout config={config} importMap={importMap} serverFunction={serverFunction}>
    {children}
  </RootLayout>
)

export default Layout
