from .setup import MICRO_STEPS, accelerator


def run_epoch(model, optimizer, scheduler, batches):
    model.train()
    for batch in batches:
        with accelerator.accumulate(model):
            outputs = model(**batch)
            accelerator.backward(outputs.loss)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad()
