from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=8)
model, opt, loader = accelerator.prepare(model, opt, loader)

for batch in loader:
    with accelerator.accumulate(model):
        loss = model(batch).mean()
        accelerator.backward(loss)
        opt.step()
        opt.zero_grad()
