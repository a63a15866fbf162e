/** Demo accounts, coupons and loyalty rewards seeded with the catalogue. */

export interface DemoAccount {
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: "customer" | "admin" | "super_admin";
  /** A default delivery and billing address (the demo customer's, so checkout goes straight through). */
  address?: DemoAddress;
}

export interface DemoAddress {
  label: string;
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
}

/** Seeded outside production only, and printed at start so a newcomer can sign in. */
export const demoAccounts: DemoAccount[] = [
  {
    username: "customer",
    email: "customer@example.co.za",
    password: "Customer123!",
    firstName: "Thandi",
    lastName: "Nkosi",
    role: "customer",
    address: {
      label: "Townhouse",
      firstName: "Thandi",
      lastName: "Nkosi",
      addressLine1: "14 Protea Road",
      addressLine2: "Unit 3",
      city: "Johannesburg",
      state: "Gauteng",
      postalCode: "2196",
      phone: "082 555 0142",
    },
  },
  {
    username: "admin",
    email: "admin@example.co.za",
    password: "Admin123!",
    firstName: "Pieter",
    lastName: "van Wyk",
    role: "admin",
  },
  {
    username: "superadmin",
    email: "superadmin@example.co.za",
    password: "SuperAdmin123!",
    firstName: "Ayesha",
    lastName: "Patel",
    role: "super_admin",
  },
];

export const demoCoupons = [
  {
    code: "WELCOME10",
    description: "10% off your first order",
    type: "first_time" as const,
    value: "10.00",
    firstTimeOnly: true,
    userLimit: 1,
  },
  {
    code: "FREESHIP",
    description: "Free shipping on orders over R500",
    type: "free_shipping" as const,
    value: "1.00",
    minOrderValue: "500.00",
    userLimit: 5,
  },
  {
    code: "BUY2GET1",
    description: "Buy 2 get 1 free",
    type: "buy_x_get_y" as const,
    value: "2.00",
    userLimit: 3,
  },
];

export const demoRewards = [
  {
    code: "R50OFF",
    name: "R50 off your order",
    description: "Take R50 off any order.",
    pointsCost: 500,
    discountValue: "50.00",
    discountType: "fixed_amount",
  },
  {
    code: "R120OFF",
    name: "R120 off your order",
    description: "Take R120 off any order over R600.",
    pointsCost: 1000,
    discountValue: "120.00",
    discountType: "fixed_amount",
  },
  // No free-delivery reward: delivery is free on every order (spec section 9), so it took nothing off.
  {
    code: "R250OFF",
    name: "R250 off your order",
    description: "Take R250 off any order.",
    pointsCost: 2000,
    discountValue: "250.00",
    discountType: "fixed_amount",
  },
  {
    code: "TENPERCENT",
    name: "10% off your order",
    description: "10% off one order.",
    pointsCost: 800,
    discountValue: "10.00",
    discountType: "percentage",
  },
];
