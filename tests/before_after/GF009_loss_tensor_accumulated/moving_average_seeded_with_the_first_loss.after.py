import torch
import torch.nn.functional as F


def pretrain(model, optimizer, batches, log_every=100):
    ema_loss = None
    for step, (tokens, targets) in enumerate(batches):
        logits = model(tokens)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        if ema_loss is None:
            ema_loss = loss.detach()
        else:
            ema_loss = 0.98 * ema_loss + 0.02 * loss.detach()
        if step % log_every == 0:
            print(f"step {step}: loss {float(ema_loss):.4f}")
