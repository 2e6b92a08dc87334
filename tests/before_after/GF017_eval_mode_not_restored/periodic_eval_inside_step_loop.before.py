import torch
import torch.nn.functional as F

model = GPT(config)
optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)

for step in range(max_steps):
    xb, yb = get_batch("train")
    logits = model(xb)
    loss = F.cross_entropy(logits.view(-1, logits.size(-1)), yb.view(-1))
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()
    if step % eval_interval == 0:
        model.eval()
        with torch.no_grad():
            xv, yv = get_batch("val")
            val_logits = model(xv)
            val_loss = F.cross_entropy(val_logits.view(-1, val_logits.size(-1)), yv.view(-1))
        print(step, loss.item(), val_loss.item())
