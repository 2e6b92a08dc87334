import torch
from accelerate import Accelerator


def main(model, loader):
    accelerator = Accelerator()
    optimizer = torch.optim.AdamW(model.parameters())
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for batch in loader:
        optimizer.zero_grad()
        outputs = model(**batch)
        lm_loss = outputs.loss
        z_loss = outputs.logits.logsumexp(-1).pow(2).mean()
        accelerator.backward(lm_loss, retain_graph=True)
        accelerator.backward(1e-4 * z_loss)
        optimizer.step()
