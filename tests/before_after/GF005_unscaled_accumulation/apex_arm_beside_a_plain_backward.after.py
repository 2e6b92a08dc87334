from apex import amp


def train_epoch(net, batches, criterion, optimizer, grad_acc, fp16):
    net.train()
    for step, (images, targets) in enumerate(batches):
        loss = criterion(net(images), targets)
        if fp16:
            with amp.scale_loss(loss, optimizer) as scaled:
                (scaled / grad_acc).backward()
        else:
            (loss / grad_acc).backward()
        if (step + 1) % grad_acc == 0:
            optimizer.step()
            optimizer.zero_grad()
