"""The optimizer factory returns no scheduler (its optimizer warms the learning rate up itself),
and the epoch function keeps an `if scheduler is not None: scheduler.step()` before the step for
the configurations that have one: in this module no scheduler is ever built, the guarded step
never runs."""
import torch


def prep_optimizer(model, lr):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    scheduler = None
    return optimizer, scheduler


def train_epoch(model, batches, optimizer, scheduler, accum):
    model.train()
    for step, (x, y) in enumerate(batches):
        loss = torch.nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (step + 1) % accum == 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            if scheduler is not None:
                scheduler.step()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (step + 1) % accum != 0:  # the last, partial window
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def main():
    model = torch.nn.Linear(3, 1)
    optimizer, scheduler = prep_optimizer(model, 1e-3)
    batches = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(8)]
    for epoch in range(2):
        train_epoch(model, batches, optimizer, scheduler, 2)


if __name__ == "__main__":
    main()
