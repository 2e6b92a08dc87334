import torch
from accelerate import Accelerator


def train(model, optimizer, loader, epochs, max_grad_norm=1.0):
    accelerator = Accelerator(gradient_accumulation_steps=8)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for batch in loader:
            with accelerator.accumulate(model):
                loss = model(**batch).loss
                accelerator.backward(loss)
                if accelerator.sync_gradients:
                    # keep updates bounded
                    accelerator.clip_grad_norm_(model.parameters(), max_grad_norm)
                optimizer.step()
                optimizer.zero_grad()
