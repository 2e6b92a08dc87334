"""Accelerate divides the loss by the accumulation count inside `backward`; the script
backpropagates the undivided loss and divides a detached copy by the count only to log the
window's share of it."""

from accelerate import Accelerator


def train(model, optimizer, loader, log, accumulation_steps=4):
    accelerator = Accelerator(gradient_accumulation_steps=accumulation_steps)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        with accelerator.accumulate(model):
            loss = model(**batch).loss
            window_share = loss.detach() / accumulation_steps
            accelerator.backward(loss)
            optimizer.step()
            optimizer.zero_grad()
        log(window_share.item())
