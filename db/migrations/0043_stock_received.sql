-- Stock movements gain the reason "received": a supplier's delivery booked in (decision 0107).
ALTER TYPE "public"."stock_movement_reason" ADD VALUE 'received';