# Correct uses next to a helper: the scheduler built once before the loop; built each pass but
# stepped before the training helper runs (a new one stepped to the epoch sets the same rate);
# and a helper between the build and the step that only evaluates (no backward, no step).
import torch
import torch.nn.functional as F
from timm.scheduler import CosineLRScheduler, create_scheduler_v2


def one_pass(encoder, optimizer, loader):
    for views, targets in loader:
        optimizer.zero_grad(set_to_none=True)
        F.cross_entropy(encoder(views), targets).backward()
        optimizer.step()


def evaluate(encoder, loader):
    with torch.no_grad():
        return sum(F.cross_entropy(encoder(x), y).item() for x, y in loader)


def built_once(encoder, loader, epochs=30):
    adamw = torch.optim.AdamW(encoder.parameters(), lr=3e-4)
    schedule, _ = create_scheduler_v2(adamw, "cosine", num_epochs=epochs, warmup_epochs=3, warmup_lr=1e-5)
    for epoch in range(epochs):
        one_pass(encoder, adamw, loader)
        schedule.step(epoch + 1)


def stepped_before_the_helper(encoder, loader, epochs=30):
    adamw = torch.optim.AdamW(encoder.parameters(), lr=3e-4)
    for epoch in range(epochs):
        schedule = CosineLRScheduler(adamw, t_initial=epochs)
        schedule.step(epoch)
        one_pass(encoder, adamw, loader)


def evaluated_between(encoder, loader, epochs=30):
    adamw = torch.optim.AdamW(encoder.parameters(), lr=3e-4)
    for epoch in range(epochs):
        schedule = CosineLRScheduler(adamw, t_initial=epochs)
        evaluate(encoder, loader)
        schedule.step(epoch + 1)
        one_pass(encoder, adamw, loader)
