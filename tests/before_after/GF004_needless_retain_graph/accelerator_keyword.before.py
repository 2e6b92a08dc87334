from accelerate import Accelerator


def train(model, optimizer, dataloader):
    accelerator = Accelerator(gradient_accumulation_steps=1)
    model, optimizer, dataloader = accelerator.prepare(model, optimizer, dataloader)
    for batch in dataloader:
        optimizer.zero_grad()
        loss = model(**batch).loss
        accelerator.backward(loss, retain_graph=True)
        optimizer.step()
