from accelerate import Accelerator

accelerator = Accelerator(gradient_accumulation_steps=8)
model, opt, loader = accelerator.prepare(model, opt, loader)

for batch in loader:
    with accelerator.accumulate(model):
        model.zero_grad()
        loss = model(batch).mean()
        accelerator.backward(loss)
        opt.step()
